// The <title>, meta description and address of each public page. Descriptions are what WhatsApp
// and search engines show under a shared link; seoMeta (app/lib/seo.ts) turns these into tags.
import { SITE_NAME, SITE_SHORT_NAME } from "~/lib/constants";
import type { SeoPage } from "~/lib/seo";

/** "About Us | Baptist Men Malawi" */
export const titled = (name: string) => `${name} | ${SITE_SHORT_NAME}`;

export const PAGES = {
  home: {
    path: "/",
    title: SITE_NAME,
    description:
      "The national men's department of the Baptist Convention of Malawi: discipleship, brotherhood and service. Find events, ministries, testimonies and devotionals.",
  },
  about: {
    path: "/about",
    title: titled("About Us"),
    description:
      "Who we are: the men's department of the Baptist Convention of Malawi, our mission, our history since the 1970s and our leadership.",
  },
  mission: {
    path: "/mission",
    title: titled("Mission & Vision"),
    description:
      "Our mission, purpose and vision, the core values that guide us, and the four areas we focus on: discipleship, leadership, families and communities.",
  },
  leadership: {
    path: "/leadership",
    title: titled("Leadership Team"),
    description: "Meet the National Executive Committee and the Regional Coordinators who serve Baptist men across Malawi.",
  },
  ministries: {
    path: "/ministries",
    title: titled("Our Ministries"),
    description:
      "Youth mentorship, community outreach, men's discipleship and more: the ways Baptist men in Malawi serve Christ together.",
  },
  blog: {
    path: "/blog",
    title: titled("Blog & Devotionals"),
    description: "Devotionals, teaching and ministry news to encourage men in their walk with Christ.",
  },
  testimonies: {
    path: "/testimonies",
    title: titled("Testimonies"),
    description: "Men from across Malawi share what God has done in their lives, families and communities.",
  },
  contact: {
    path: "/contact",
    title: titled("Contact Us"),
    description:
      "Visit, call or write to the national office in Falls Area 1, Lilongwe. Office hours Monday to Friday, 8:00 AM - 5:00 PM.",
  },
} satisfies Record<string, SeoPage>;
