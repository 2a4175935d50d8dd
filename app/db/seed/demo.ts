// Demo content that makes every public page look alive on a fresh install. Event dates are set
// relative to the moment of seeding so they are always upcoming. Images are self-hosted under
// public/media (see tools/demo-art/generate.mjs).
import { newRegistrationCode } from "../../features/events/registration-rules.ts";
import { newPrivateToken } from "../../lib/private-link.ts";
import { insertRow, type SqlValue } from "./sql.ts";

export const DEMO_ADMIN = { email: "admin@baptistmen.mw", password: "baptistmen-demo" } as const;
/** One demo account per other role, with the demo admin's password, to try what each can do. */
export const DEMO_STAFF = [
  { email: "editor@baptistmen.mw", role: "editor", label: "Editor" },
  { email: "door@baptistmen.mw", role: "volunteer", label: "Door volunteer" },
] as const;

const MALAWI_UTC_OFFSET_HOURS = 2;

/** An ISO instant `daysAhead` days from `now`, at hour:minute Malawi time. */
function malawiTime(now: Date, daysAhead: number, hour: number, minute = 0): string {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead, hour - MALAWI_UTC_OFFSET_HOURS, minute),
  ).toISOString();
}

/** A calendar date (YYYY-MM-DD) `daysAgo` days before `now`. */
function daysAgo(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
}

/** An ISO timestamp `days` days (and `minutes`) before now, for created_at. */
function createdAgo(now: Date, days: number, minutes = 0): string {
  return new Date(now.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();
}

const media = (path: string) => `/media/${path}-1600w.webp`;
const avatar = (name: string) => `/media/people/${name}-480w.webp`;

export const DEMO_MINISTRIES = [
  {
    title: "Youth Mentorship",
    slug: "youth-mentorship",
    sort_order: 1,
    image_url: media("ministries/youth-mentorship"),
    short_description: "Pairing older men with boys and young men to guide them in faith, character and life skills.",
    full_description: `Many boys in our congregations grow up without a steady older man to walk beside them. Through Youth Mentorship, men of the church commit to meet with a boy or young man every month for at least a year.

Mentors pray with their mentees, read Scripture together, and help with the practical questions of life: school, work, money, relationships and service in the church.

Each association chooses mentors carefully and trains them at a one-day workshop. If you would like to mentor, or you know a young man who needs a mentor, speak to your association's men's leader or contact the national office.`,
  },
  {
    title: "Community Outreach",
    slug: "community-outreach",
    sort_order: 2,
    image_url: media("ministries/community-outreach"),
    short_description: "Men serving their neighbours with their hands: boreholes, school repairs, widows' houses and relief.",
    full_description: `Faith without works is dead. Our men put their faith to work in the communities around their churches.

In recent years associations have repaired classroom blocks, moulded bricks for widows' houses, cleared roads after the rains, and raised funds for boreholes in villages that walk far for water.

Outreach days are organised by region. Every man can help, whatever his trade: builders, farmers, teachers, drivers and those who simply bring a strong pair of hands.`,
  },
  {
    title: "Men's Discipleship",
    slug: "discipleship",
    sort_order: 3,
    image_url: media("ministries/discipleship"),
    short_description: "Small groups of men growing together in the Word, prayer and faithful living.",
    full_description: `Discipleship groups of six to ten men meet weekly in homes and churches across Malawi. Together they study the Bible, pray for one another and hold each other to account.

The national department provides a study guide for each quarter, in English and Chichewa, with questions for discussion and a memory verse for every week.

Groups are led by trained facilitators. New groups begin in January and July; ask your pastor or association leader to join one.`,
  },
  {
    title: "Prayer Fellowship",
    slug: "prayer-fellowship",
    sort_order: 4,
    image_url: media("ministries/prayer-fellowship"),
    short_description: "Early-morning prayer meetings for the nation, our families and the church.",
    full_description: `Every first Saturday of the month, men gather at dawn in their local churches to pray for Malawi, for their families and for the work of the gospel.

Prayer points are shared from the national office each month, including requests from our associations and missionaries.

Twice a year the fellowship holds a national prayer breakfast, where men from every region pray together.`,
  },
  {
    title: "Marriage and Family Enrichment",
    slug: "family-enrichment",
    sort_order: 5,
    active: false,
    image_url: null,
    short_description: "Seminars for husbands and fathers (being prepared for launch).",
    full_description: `Seminars for husbands and fathers on leading their homes with love, patience and faithfulness.

This ministry is being prepared and will be announced soon.`,
  },
] as const;

type DemoEvent = {
  name: string;
  days: number | null;
  hour?: number;
  minute?: number;
  /** When it ends, if known: days after `now` and the hour in Malawi time. */
  ends?: { days: number; hour: number };
  location: string | null;
  description: string | null;
  image: string | null;
  registration_enabled: boolean;
  capacity?: number;
  /** The fee in whole kwacha (none: free). */
  price?: number;
  active?: boolean;
};

export const DEMO_EVENTS: DemoEvent[] = [
  {
    name: "Central Region Men's Prayer Breakfast",
    days: 12,
    hour: 6,
    minute: 30,
    location: "Lilongwe Baptist Church, Area 47, Lilongwe",
    description:
      "Start the day in prayer with men from across the Central Region. Breakfast is served after the prayer time. Bring a friend, a neighbour or a colleague.",
    image: "events/prayer-breakfast",
    registration_enabled: true,
    // Full, with one man waiting: the desk and the lists show the waiting list at work.
    capacity: 3,
  },
  {
    name: "Lake Malawi Men's Retreat",
    days: 40,
    hour: 14,
    // Three days: the lists, the door and the calendar keep it until it ends (decision 051).
    ends: { days: 42, hour: 12 },
    location: "Senga Bay, Salima",
    description:
      "Three days by the lake to rest, pray and study the Word together. Theme: \"Strong and Courageous\" (Joshua 1:9). Accommodation and meals included; transport leaves from Lilongwe and Blantyre.",
    image: "events/sample-retreat",
    registration_enabled: true,
    // A fee: the private page offers Airtel Money and TNM Mpamba (the local simulator answers).
    price: 35000,
  },
  {
    name: "Fathers and Sons Outreach Day",
    days: 65,
    hour: 8,
    location: "Chinsapo, Lilongwe",
    description:
      "Fathers and sons working side by side: moulding bricks for two widows' houses and painting the nursery school. Registration has closed: the teams are full.",
    image: "events/sample-outreach",
    registration_enabled: false,
  },
  {
    name: "National Men's Conference 2027",
    days: 150,
    hour: 8,
    location: "Bingu International Convention Centre, Lilongwe",
    description:
      "The national gathering of Baptist men from every region: worship, Bible teaching, workshops on fatherhood, work and leadership, and the commissioning of new regional coordinators.",
    image: "events/sample-conference",
    registration_enabled: true,
    capacity: 300,
  },
  {
    name: "Northern Region Leadership Training",
    days: null,
    location: null,
    description: null,
    image: null,
    registration_enabled: false,
  },
  {
    name: "Executive Committee Planning Meeting",
    days: 20,
    hour: 9,
    location: "National Office, Falls Area 1, Lilongwe",
    description: "Internal planning meeting of the National Executive Committee.",
    image: null,
    registration_enabled: false,
    active: false,
  },
];

export const DEMO_BLOGS = [
  {
    slug: "rising-early-mark-1-35",
    title: "Rising Early: A Devotional on Mark 1:35",
    days: 3,
    author: "Rev. Chikondi Banda",
    category_id: 1,
    image: "blog/sunrise-devotional",
    excerpt: "Before the crowds, before the work of the day, Jesus went out to a solitary place to pray. What would change if we did the same?",
    content: `"Very early in the morning, while it was still dark, Jesus got up, left the house and went off to a solitary place, where he prayed." (Mark 1:35)

The day before had been long. Jesus had taught in the synagogue, healed Simon's mother-in-law and, as the sun set, the whole town had gathered at the door. Yet the next morning He rose before dawn to be alone with the Father.

Many of us rise early already: to reach the fields before the heat, to catch the first minibus to town, to open the shop. The question is not whether we rise early, but whom we meet first.

This week, try giving the first fifteen minutes of your morning to God. Read a short passage, pray for your wife and children by name, and ask for strength for the work ahead.

Brothers, the strength of a man is not in how much he carries but in whom he leans on.`,
  },
  {
    slug: "national-conference-registration-open",
    title: "Registration Opens for the National Men's Conference",
    days: 10,
    author: "Mphatso Phiri",
    category_id: 2,
    image: "blog/conference-news",
    excerpt: "Men from every region will gather in Lilongwe for worship, teaching and fellowship. Register early: places are limited.",
    content: `We are glad to announce that registration is now open for the National Men's Conference 2027 at the Bingu International Convention Centre in Lilongwe.

The conference brings together men from every association in the Northern, Central and Southern regions for three days of worship, Bible teaching and practical workshops on fatherhood, work and leadership.

Registration is free for members. Associations are asked to register their delegates by the end of next month so that meals and accommodation can be arranged.

Register on the Events page of this website, or through your association's men's leader.`,
  },
  {
    slug: "fathers-who-disciple",
    title: "Fathers Who Disciple: Teaching Our Sons the Way",
    days: 20,
    author: "Pastor Kondwani Mwale",
    category_id: 4,
    image: "blog/fathers-teaching",
    excerpt: "Deuteronomy 6 pictures a father who talks about God's ways at home, on the road, at bedtime and at dawn. Faith is caught as much as taught.",
    content: `"These commandments that I give you today are to be on your hearts. Impress them on your children. Talk about them when you sit at home and when you walk along the road, when you lie down and when you get up." (Deuteronomy 6:6-7)

Notice where this teaching happens: not only in church, but at home and on the road. Our sons learn what a man of God is by watching us at the market, at work and at the table.

Three simple habits can help. Pray with your children before they sleep. Let them see you read the Bible. And when you make a decision, tell them why, and what God's Word says about it.

No father does this perfectly. But a father who keeps walking with God, and brings his children along, gives them a gift that lasts.`,
  },
  {
    slug: "clean-water-for-chinsapo",
    title: "Clean Water for Chinsapo: Men Complete Borehole Project",
    days: 35,
    author: "Blessings Chirwa",
    category_id: 2,
    image: "blog/borehole-project",
    excerpt: "After months of fundraising and two weekends of hard work, families in Chinsapo now draw clean water a short walk from home.",
    content: `For years, women and children in part of Chinsapo walked more than two kilometres each way to draw water. This month that changed.

Men from seven associations in Lilongwe raised the funds over six months, and teams worked on two weekends alongside the drilling contractor to build the apron and drainage.

At the handover, the village head thanked the men and asked them to continue the friendship. A committee of local residents has been trained to maintain the pump.

Thank you to every man who gave, prayed or worked. Our next outreach day is listed on the Events page.`,
  },
  {
    slug: "iron-sharpens-iron",
    title: "Iron Sharpens Iron: Why Every Man Needs Brothers",
    days: 50,
    author: "Rev. Chikondi Banda",
    category_id: 3,
    image: null,
    excerpt: "Proverbs 27:17 reminds us that we were not made to walk alone. A short teaching on friendship, accountability and honest brotherhood.",
    content: `"As iron sharpens iron, so one person sharpens another." (Proverbs 27:17)

Many men carry their burdens alone. We greet each other at church, but few of us have a brother who knows our struggles and prays for us by name.

A discipleship group is one place to find such brothers. Honest questions, shared prayer and faithful friendship sharpen us to be better husbands, fathers and servants of Christ.

If you are not yet part of a group, ask your association leader this Sunday.`,
  },
] as const;

export const DEMO_TESTIMONIES = [
  {
    author: "Yamikani Nkhoma",
    role: "Elder, Mzuzu",
    image: "testimony-1",
    days: 4,
    content:
      "I came to the men's retreat tired and far from God. Through the teaching and the honest prayers of other men, I went home renewed. My wife says I am a different husband.",
  },
  {
    author: "Thokozani Gondwe",
    role: "Teacher, Blantyre",
    image: "testimony-2",
    days: 12,
    content:
      "My mentor met me every month for two years. He taught me to pray, to budget my salary and to respect my parents. Now I mentor two boys myself.",
  },
  {
    author: "Limbani Mhango",
    role: "Farmer, Kasungu",
    image: "testimony-3",
    days: 26,
    content:
      "When the floods destroyed my house, men from the association came with bricks and iron sheets. I saw the love of Christ with my own eyes.",
  },
  {
    author: "Dalitso Tembo",
    role: "Businessman, Lilongwe",
    image: "testimony-4",
    days: 40,
    content:
      "Our discipleship group studies the Word every Tuesday evening. These brothers have kept me faithful through hard seasons in my business and my family.",
  },
  {
    author: "Madalitso Jere",
    role: "Youth leader, Zomba",
    image: null,
    days: 55,
    content:
      "The Fathers and Sons day brought my father and me closer than ever. We worked together all day and prayed together in the evening.",
  },
  {
    author: "Pending Review",
    role: "Draft",
    image: null,
    days: 1,
    active: false,
    content: "This testimony is waiting for the author's permission before it is published on the website.",
  },
] as const;

export const DEMO_LEADERS = [
  { full_name: "Chikondi Banda", title: "Rev.", position_id: 1, region: null, image: "leader-1", email: "president@baptistmen.mw", phone: "+265 999 123 456", bio: "Pastor of Lilongwe Baptist Church for fifteen years; has served the men's department since 2008." },
  { full_name: "Mphatso Phiri", title: "Mr.", position_id: 2, region: null, image: "leader-2", email: "vicepresident@baptistmen.mw", phone: "+265 888 210 334", bio: "Accountant and long-time discipleship group leader in Blantyre." },
  { full_name: "Kondwani Mwale", title: "Pastor", position_id: 3, region: null, image: "leader-3", email: "secretary@baptistmen.mw", phone: "+265 991 450 872", bio: "Coordinates the department's programmes and communication with associations." },
  { full_name: "Blessings Chirwa", title: "Mr.", position_id: 5, region: null, image: "leader-4", email: "treasurer@baptistmen.mw", phone: "+265 884 617 209", bio: "Civil engineer who led the Chinsapo borehole project." },
  { full_name: "Chifundo Kamanga", title: "Mr.", position_id: 6, region: null, image: null, email: null, phone: null, bio: "Prepares the quarterly discipleship guides in English and Chichewa." },
  { full_name: "Tiyamike Msiska", title: "Deacon", position_id: 8, region: "Northern", image: "leader-5", email: "north@baptistmen.mw", phone: "+265 995 302 118", bio: "Serves associations from Chitipa to Nkhata Bay." },
  { full_name: "Pemphero Nyirenda", title: "Mr.", position_id: 8, region: "Central", image: "leader-6", email: "central@baptistmen.mw", phone: "+265 999 781 540", bio: "Teacher in Dedza and organiser of the Central Region prayer breakfasts." },
  { full_name: "Dalitso Mvula", title: "Pastor", position_id: 8, region: "Southern", image: null, email: "south@baptistmen.mw", phone: "+265 888 905 663", bio: "Pastor in Zomba with a heart for youth mentorship." },
  { full_name: "Former Treasurer", title: null, position_id: 5, region: null, image: null, email: null, phone: null, bio: "Inactive record kept for history.", active: false },
] as const;

/** The associations directory (issue 25): a handful in each region; phones in international form, as stored. */
export const DEMO_ASSOCIATIONS = [
  { name: "Mzuzu Central Baptist Men", region: "Northern", district: "Mzuzu", contact_name: "Tiyamike Msiska", contact_phone: "+265995302118", meeting: "Saturdays 2 pm, Mzuzu Central Baptist Church" },
  { name: "Chitipa Baptist Men's Fellowship", region: "Northern", district: "Chitipa", contact_name: "Yohane Mwakasungula", contact_phone: "+265888412307", meeting: "First Sunday of the month after the service, Chitipa Baptist Church" },
  { name: "Area 25 Baptist Men", region: "Central", district: "Lilongwe", contact_name: "Pemphero Nyirenda", contact_phone: "+265999781540", meeting: "Saturdays 2 pm, Area 25 Baptist Church" },
  { name: "Kawale Men's Association", region: "Central", district: "Lilongwe", contact_name: "Mathews Zulu", contact_phone: "+265884226019", meeting: "Thursdays 5:30 pm, Kawale Baptist Church" },
  { name: "Dedza Baptist Men", region: "Central", district: "Dedza", contact_name: null, contact_phone: null, meeting: "Second Saturday of the month, 9 am, Dedza Baptist Church" },
  { name: "Ndirande Baptist Men", region: "Southern", district: "Blantyre", contact_name: "Mphatso Phiri", contact_phone: "+265888210334", meeting: "Saturdays 3 pm, Ndirande Baptist Church" },
  { name: "Zomba Baptist Men's Fellowship", region: "Southern", district: "Zomba", contact_name: "Dalitso Mvula", contact_phone: "+265888905663", meeting: "Fridays 5 pm, Zomba Baptist Church" },
  { name: "Old Mangochi Men (closed)", region: "Southern", district: "Mangochi", contact_name: null, contact_phone: null, meeting: null, active: false },
] as const;

/** Registrants of the prayer breakfast (event 1, 3 places): phones in international form, as stored. */
const DEMO_REGISTRANTS = [
  { full_name: "Wongani Chimwaza", phone_number: "+265991204556", email: "wongani.c@example.mw", status: "confirmed" },
  { full_name: "Mayeso Kachingwe", phone_number: "+265884330129", email: null, status: "confirmed" },
  { full_name: "Chisomo Tembo", phone_number: "+265999617842", email: "chisomo.tembo@example.mw", status: "confirmed" },
  { full_name: "Yamikani Gondwe", phone_number: "+265995118620", email: null, status: "waitlisted" },
] as const;

export function demoSeedSql(now: Date, adminPasswordHash: string): string[] {
  const rows: string[] = [];
  const add = (table: string, row: Record<string, SqlValue>) => rows.push(insertRow(table, row));

  DEMO_MINISTRIES.forEach((m, i) =>
    add("ministries", {
      id: i + 1,
      title: m.title,
      slug: m.slug,
      short_description: m.short_description,
      full_description: m.full_description,
      image_url: m.image_url,
      image_alt: m.image_url ? `${m.title}: illustration` : null,
      sort_order: m.sort_order,
      active: "active" in m ? m.active : true,
      created_at: createdAgo(now, 60 - i),
      updated_at: createdAgo(now, 60 - i),
    }),
  );

  DEMO_EVENTS.forEach((e, i) =>
    add("churchevents", {
      id: i + 1,
      name: e.name,
      date: e.days === null ? null : malawiTime(now, e.days, e.hour ?? 8, e.minute ?? 0),
      ends_at: e.ends ? malawiTime(now, e.ends.days, e.ends.hour) : null,
      location: e.location,
      description: e.description,
      image_url: e.image ? media(e.image) : null,
      image_alt: e.image ? `${e.name}: illustration` : null,
      registration_enabled: e.registration_enabled,
      capacity: e.capacity ?? null,
      price: e.price ?? null,
      active: e.active ?? true,
      created_at: createdAgo(now, 30 - i),
      updated_at: createdAgo(now, 30 - i),
    }),
  );

  DEMO_BLOGS.forEach((b, i) =>
    add("churchblogs", {
      id: i + 1,
      slug: b.slug,
      title: b.title,
      date: daysAgo(now, b.days),
      author: b.author,
      excerpt: b.excerpt,
      content: b.content,
      image_url: b.image ? media(b.image) : null,
      image_alt: b.image ? `${b.title}: illustration` : null,
      category_id: b.category_id,
      // Published, as every demo post is: it went live when it was written.
      publish_at: createdAgo(now, b.days),
      created_at: createdAgo(now, b.days),
      updated_at: createdAgo(now, b.days),
    }),
  );

  DEMO_TESTIMONIES.forEach((t, i) =>
    add("church_testimonies", {
      id: i + 1,
      author: t.author,
      role: t.role,
      content: t.content,
      image_url: t.image ? avatar(t.image) : null,
      active: "active" in t ? t.active : true,
      created_at: createdAgo(now, t.days),
      updated_at: createdAgo(now, t.days),
    }),
  );

  DEMO_LEADERS.forEach((l, i) =>
    add("leadership_members", {
      id: i + 1,
      full_name: l.full_name,
      title: l.title,
      position_id: l.position_id,
      region: l.region,
      image_url: l.image ? avatar(l.image) : null,
      email: l.email,
      phone: l.phone,
      bio: l.bio,
      active: "active" in l ? l.active : true,
    }),
  );

  DEMO_ASSOCIATIONS.forEach((a, i) =>
    add("associations", {
      id: i + 1,
      name: a.name,
      region: a.region,
      district: a.district,
      contact_name: a.contact_name,
      contact_phone: a.contact_phone,
      meeting: a.meeting,
      active: "active" in a ? a.active : true,
      created_at: createdAgo(now, 20 - i),
      updated_at: createdAgo(now, 20 - i),
    }),
  );

  DEMO_REGISTRANTS.forEach((r, i) =>
    add("event_registrations", {
      event_id: 1,
      full_name: r.full_name,
      phone_number: r.phone_number,
      email: r.email,
      dedupe_key: r.phone_number,
      status: r.status,
      code: newRegistrationCode(),
      token: newPrivateToken(),
      queued_at: createdAgo(now, 5 - i, 37 * i),
      created_at: createdAgo(now, 5 - i, 37 * i),
      updated_at: createdAgo(now, 5 - i, 37 * i),
    }),
  );

  add("contact_messages", {
    full_name: "Gift Mbewe",
    email: "gift.mbewe@example.mw",
    subject: "Starting a men's group in Mchinji",
    message: "Good day. Our church in Mchinji would like to start a men's discipleship group. Who can visit us to explain how to begin?",
    created_at: createdAgo(now, 2),
  });
  add("newsletter_subscribers", {
    email: "reader@example.mw",
    created_at: createdAgo(now, 8),
    confirmed_at: createdAgo(now, 8),
    unsubscribe_token: "demo-reader-unsubscribe-token",
  });

  add("admin_users", { email: DEMO_ADMIN.email, password_hash: adminPasswordHash, role: "admin" });
  for (const staff of DEMO_STAFF) add("admin_users", { email: staff.email, password_hash: adminPasswordHash, role: staff.role });
  return rows;
}
