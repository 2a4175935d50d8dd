// The header and footer links of SPEC section 2 "Shared chrome".
export type NavItem = { label: string; to: string; children?: { label: string; to: string }[] };

export const MAIN_NAV: NavItem[] = [
  { label: "Home", to: "/" },
  {
    label: "About Us",
    to: "/about",
    children: [
      { label: "Our Mission", to: "/about#mission" },
      { label: "Our History", to: "/about#history" },
      { label: "Leadership Team", to: "/leadership" },
    ],
  },
  {
    label: "Ministries",
    to: "/ministries",
    children: [
      { label: "Youth Mentorship", to: "/ministries#youth-mentorship" },
      { label: "Community Outreach", to: "/ministries#community-outreach" },
      { label: "Men's Discipleship", to: "/ministries#discipleship" },
    ],
  },
  { label: "Events", to: "/events" },
  { label: "Blog", to: "/blog" },
  { label: "Testimonies", to: "/testimonies" },
  { label: "Contact", to: "/contact" },
];

export const FOOTER_LINKS = [
  { label: "About Us", to: "/about" },
  { label: "Ministries", to: "/ministries" },
  { label: "Events", to: "/events" },
  { label: "Blog", to: "/blog" },
  { label: "Testimonies", to: "/testimonies" },
  { label: "Associations", to: "/associations" },
  { label: "Contact", to: "/contact" },
  { label: "Give", to: "/give" },
];
