// The <title>, meta description and address of each public page. Descriptions are what WhatsApp
// and search engines show under a shared link; seoMeta (app/features/site/seo.ts) turns these into tags.
// seoMeta (app/features/site/seo.ts) adds the site's short name to each title ("About Us | Baptist Men
// Malawi"); the home page's title is the organisation's name.
import type { SeoPage } from "~/features/site/seo";
import { mapPlace, type SiteSettings } from "~/features/settings";

export const PAGES = {
  home: {
    path: "/",
    description:
      "The national men's department of the Baptist Convention of Malawi: discipleship, brotherhood and service. Find events, ministries, testimonies and devotionals.",
  },
  about: {
    path: "/about",
    title: "About Us",
    description:
      "Who we are: the men's department of the Baptist Convention of Malawi, our mission, our history since the 1970s and our leadership.",
  },
  mission: {
    path: "/mission",
    title: "Mission & Vision",
    description:
      "Our mission, purpose and vision, the core values that guide us, and the four areas we focus on: discipleship, leadership, families and communities.",
  },
  leadership: {
    path: "/leadership",
    title: "Leadership Team",
    description: "Meet the National Executive Committee and the Regional Coordinators who serve Baptist men across Malawi.",
  },
  ministries: {
    path: "/ministries",
    title: "Our Ministries",
    description:
      "Youth mentorship, community outreach, men's discipleship and more: the ways Baptist men in Malawi serve Christ together.",
  },
  blog: {
    path: "/blog",
    title: "Blog & Devotionals",
    description: "Devotionals, teaching and ministry news to encourage men in their walk with Christ.",
  },
  testimonies: {
    path: "/testimonies",
    title: "Testimonies",
    description: "Men from across Malawi share what God has done in their lives, families and communities.",
  },
  associations: {
    path: "/associations",
    title: "Find an Association",
    description: "Baptist men's associations across the Northern, Central and Southern regions of Malawi: where and when they meet, and whom to call.",
  },
} satisfies Record<string, SeoPage>;

/** The contact page's tags: where the office is and when it is open, from the settings. */
export function contactPageSeo({ contact }: SiteSettings): SeoPage {
  return {
    path: "/contact",
    title: "Contact Us",
    description: `Visit, call or write to the national office in ${mapPlace(contact)}. ${contact.office_hours.join("; ")}.`,
  };
}
