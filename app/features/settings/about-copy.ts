// Static copy of the About page (its headings, links and the leadership note), and the defaults of
// its editable parts: the intro, the mission summary and the history timeline (/admin/pages).
import type { SettingsValues } from "~/features/settings/settings-forms";

export const ABOUT = {
  mission: {
    heading: "Our Mission",
    linkLabel: "Read our mission and vision",
  },
  history: {
    heading: "Our History",
    intro: "From a few fellowships meeting in homes to a national department serving men in every region.",
  },
  leadership: {
    heading: "Leadership Team",
    text: "The department is led by a National Executive Committee elected by the men's fellowships, together with coordinators who serve the associations in each region.",
    linkLabel: "Meet our leadership team",
  },
} as const;

export const ABOUT_DEFAULTS: SettingsValues["about"] = {
  intro:
    "The national men's department of the Baptist Convention of Malawi, bringing together Baptist men in every region to grow in Christ and serve one another.",
  mission_summary: [
    "Baptist Men's Ministry Malawi exists to help men become faithful disciples of Jesus Christ: men of prayer and of the Word, who love their wives and children, serve in their local churches and care for the communities around them.",
    "We do this through discipleship groups, mentorship of boys and young men, prayer fellowships, outreach projects and national gatherings that strengthen the men's fellowship in every association.",
  ].join("\n"),
  history: [
      {
        period: "1970s",
        title: "Early Beginnings",
        text: "Men in Baptist congregations in Lilongwe, Blantyre and Mzuzu began meeting for prayer and Bible study on Saturday mornings. Small fellowships grew up beside the churches, and men started to help one another with building, farming and caring for the sick.",
      },
      {
        period: "1990s",
        title: "Formal Establishment",
        text: "In 1994 the Baptist Convention of Malawi established the men's ministry as a national department, with a constitution, a National Executive Committee and a plan to form a men's fellowship in every association.",
      },
      {
        period: "2000s",
        title: "Growth and Development",
        text: "Regional coordinators were appointed for the Northern, Central and Southern regions. Discipleship study guides were published in English and Chichewa, the youth mentorship programme began, and the first national men's conference brought men together from across the country.",
      },
      {
        period: "Present Day",
        title: "Serving Today",
        text: "Today men's fellowships meet in associations across Malawi. Together they run discipleship groups, mentor young men, hold prayer breakfasts and serve their communities through boreholes, school repairs and houses for widows.",
      },
  ],
};

