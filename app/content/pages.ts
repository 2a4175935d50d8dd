// The <title> and meta description of each public page, and the tags a page's `meta` returns.
// Descriptions are what WhatsApp and search engines show under a shared link.
import { SITE_NAME, SITE_SHORT_NAME } from "~/lib/constants";

export type PageMeta = { title: string; description: string };

/** Title and description as meta tags, plus their Open Graph twins for link previews. */
export function pageMeta({ title, description }: PageMeta) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
  ];
}

/** "About Us | Baptist Men Malawi" */
export const titled = (name: string) => `${name} | ${SITE_SHORT_NAME}`;

export const PAGES = {
  home: {
    title: SITE_NAME,
    description:
      "The national men's department of the Baptist Convention of Malawi: discipleship, brotherhood and service. Find events, ministries, testimonies and devotionals.",
  },
  about: {
    title: titled("About Us"),
    description:
      "Who we are: the men's department of the Baptist Convention of Malawi, our mission, our history since the 1970s and our leadership.",
  },
  mission: {
    title: titled("Mission & Vision"),
    description:
      "Our mission, purpose and vision, the core values that guide us, and the four areas we focus on: discipleship, leadership, families and communities.",
  },
  leadership: {
    title: titled("Leadership Team"),
    description: "Meet the National Executive Committee and the Regional Coordinators who serve Baptist men across Malawi.",
  },
  ministries: {
    title: titled("Our Ministries"),
    description:
      "Youth mentorship, community outreach, men's discipleship and more: the ways Baptist men in Malawi serve Christ together.",
  },
  blog: {
    title: titled("Blog & Devotionals"),
    description: "Devotionals, teaching and ministry news to encourage men in their walk with Christ.",
  },
  blogPostNotFound: {
    title: titled("Blog Post Not Found"),
    description: "The blog post you're looking for doesn't exist or has been removed.",
  },
  testimonies: {
    title: titled("Testimonies"),
    description: "Men from across Malawi share what God has done in their lives, families and communities.",
  },
  contact: {
    title: titled("Contact Us"),
    description:
      "Visit, call or write to the national office in Falls Area 1, Lilongwe. Office hours Monday to Friday, 8:00 AM - 5:00 PM.",
  },
} satisfies Record<string, PageMeta>;
