// Built-in samples the home page shows when the database has no ministries or testimonies yet
// (SPEC section 2): the site never opens on empty sections.

export type MinistrySummary = {
  slug: string;
  title: string;
  short_description: string;
  image_url: string | null;
  image_alt: string | null;
};

export type TestimonySummary = {
  id: number | string;
  content: string;
  author: string;
  role: string | null;
  image_url: string | null;
};

export const SAMPLE_MINISTRIES: MinistrySummary[] = [
  {
    slug: "youth-mentorship",
    title: "Youth Mentorship",
    short_description: "Older men walking beside boys and young men, guiding them in faith, character and life skills.",
    image_url: "/media/ministries/youth-mentorship-1600w.webp",
    image_alt: "A man and a boy reading the Bible together",
  },
  {
    slug: "community-outreach",
    title: "Community Outreach",
    short_description: "Men serving their neighbours with their hands: boreholes, school repairs, widows' houses and relief.",
    image_url: "/media/ministries/community-outreach-1600w.webp",
    image_alt: "Men building a house together",
  },
  {
    slug: "discipleship",
    title: "Men's Discipleship",
    short_description: "Small groups of men growing together in the Word, in prayer and in faithful living.",
    image_url: "/media/ministries/discipleship-1600w.webp",
    image_alt: "A small group of men studying the Bible",
  },
];

export const SAMPLE_TESTIMONIES: TestimonySummary[] = [
  {
    id: "sample-1",
    content:
      "I joined a discipleship group after years of going to church only on Christmas. These men welcomed me, taught me to pray and walked with me when my father died. Christ has made me new.",
    author: "Peter Kalua",
    role: "Member, Lilongwe Association",
    image_url: "/media/people/testimony-1-480w.webp",
  },
  {
    id: "sample-2",
    content:
      "Being a mentor has changed me as much as the boys I meet with. Teaching them to trust God and work hard has made me a better father to my own sons.",
    author: "Moses Gondwe",
    role: "Youth mentor, Mzuzu",
    image_url: "/media/people/testimony-2-480w.webp",
  },
  {
    id: "sample-3",
    content:
      "When our association repaired the school roof in our village, people who never came to church asked why we did it. We told them about Jesus.",
    author: "Charles Phiri",
    role: "Association chairman, Zomba",
    image_url: "/media/people/testimony-3-480w.webp",
  },
];
