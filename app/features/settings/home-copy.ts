// Static copy of the home page (the mission values and the closing call to action), and the
// defaults of its editable parts: the hero's rotating verses and testimonials and the conference
// card (the Home hero and Conference card sections of /admin/settings). The hero's eyebrow and
// heading are the organisation's name and tagline.
import type { SettingsValues } from "~/features/settings/settings-forms";

export const HOME_HERO = {
  intro:
    "The national men's department of the Baptist Convention of Malawi. In every region, men meet to pray, study the Word and serve their neighbours.",
} as const;

const HERO_VERSES = [
  {
    text: "Be on your guard; stand firm in the faith; be courageous; be strong. Do everything in love.",
    reference: "1 Corinthians 16:13-14",
  },
  { text: "As iron sharpens iron, so one person sharpens another.", reference: "Proverbs 27:17" },
  {
    text: "Have I not commanded you? Be strong and courageous. Do not be afraid; do not be discouraged, for the Lord your God will be with you wherever you go.",
    reference: "Joshua 1:9",
  },
  { text: "But as for me and my household, we will serve the Lord.", reference: "Joshua 24:15" },
];

const HERO_TESTIMONIALS = [
  {
    quote: "The men's fellowship taught me to lead my family in prayer. Our home has not been the same since.",
    name: "Gift Mwale",
    role: "Deacon, Lilongwe",
  },
  {
    quote: "I found brothers who pray for me by name. I no longer carry my burdens alone.",
    name: "Andrew Kumwenda",
    role: "Association member, Mzuzu",
  },
  {
    quote: "Working beside other men on outreach days showed me that faith is something you do with your hands.",
    name: "Joseph Chiumia",
    role: "Builder, Blantyre",
  },
];

export const HERO_DEFAULTS: SettingsValues["hero"] = { verses: HERO_VERSES, testimonials: HERO_TESTIMONIALS };

/** The spec's conference (SPEC section 9: 12 June 2025 at 08:00, an area of Lilongwe), typed in by hand. */
export const CONFERENCE_DEFAULTS: SettingsValues["conference"] = {
  conference_mode: "custom",
  conference_event_id: null,
  eyebrow: "National Men's Conference",
  title: "Strong and Courageous 2025",
  starts_at: "2025-06-12T08:00",
  venue: "Area 47, Lilongwe",
  link: "/events",
};

export type ValueIcon = "cross" | "users" | "hands" | "book";

export const MISSION_SECTION = {
  heading: "Our Mission",
  text: "We exist to make disciples of Jesus Christ among the men of Malawi: men who love God, lead their homes with faithfulness and serve their churches and communities.",
  values: [
    {
      title: "Faith-Centered",
      icon: "cross",
      text: "Christ at the centre of every meeting, every home and every decision.",
    },
    {
      title: "Brotherhood",
      icon: "users",
      text: "Men who know one another, pray for one another and stand together.",
    },
    {
      title: "Service",
      icon: "hands",
      text: "Faith put to work for widows, orphans, the sick and the whole village.",
    },
    {
      title: "Discipleship",
      icon: "book",
      text: "Growing in the Word and passing the faith on to the next generation.",
    },
  ] satisfies { title: string; icon: ValueIcon; text: string }[],
} as const;

export const JOIN_CTA = {
  heading: "Join the Brotherhood",
  text: "There is a men's fellowship near you. Come to a meeting, bring a friend, and stand with men who are learning to follow Christ together. Your prayers and gifts carry this work to every region.",
} as const;
