// Static copy of the Mission & Vision page (its headings and the vision's verse), and the defaults
// of its editable parts: the statement, purpose, vision, core values and focus areas (/admin/pages).
import type { SettingsValues } from "~/features/settings/settings-forms";

export const MISSION_PAGE = {
  intro: "Why we exist, where we are going, and what guides us on the way.",
  headings: {
    statement: "Our Mission",
    purpose: "Our Purpose",
    vision: "Our Vision",
    coreValues: "Our Core Values",
    focusAreas: "Strategic Focus Areas",
  },
  visionVerse: {
    text: "He has shown you, O mortal, what is good. And what does the Lord require of you? To act justly and to love mercy and to walk humbly with your God.",
    reference: "Micah 6:8",
  },
} as const;

export const MISSION_DEFAULTS: SettingsValues["mission"] = {
  statement: "To make and grow disciples of Jesus Christ among the men of Malawi, equipping them to lead their families in faith, serve in their churches and be salt and light in their communities.",
  purpose: [
    "Many men stand at the edge of church life: present on Sunday, but carrying their struggles alone through the week. We exist to draw them in, into friendship with Christ and with one another.",
    "We gather men in fellowships where they can pray, study the Bible and be honest with brothers who will stand by them. From there we send them out: into their homes as loving husbands and fathers, into their churches as faithful servants, and into their villages and towns as good neighbours.",
  ].join("\n"),
  vision: "A generation of godly men in every Baptist church in Malawi, rooted in Christ, united as brothers, and strengthening families and communities across the nation.",
  core_values: [
      {
        title: "Faith-Centered",
        text: "Jesus Christ is the foundation of all we do. We rely on prayer and are shaped by the Scriptures, and we seek to honour God in private and in public life.",
      },
      {
        title: "Brotherhood",
        text: "No man should walk alone. We build honest friendships in which men encourage, correct and pray for one another, across regions, tribes and generations.",
      },
      {
        title: "Service",
        text: "Following the example of Christ, who came to serve, we use our time, skills and resources to meet real needs in our churches and communities.",
      },
    ],
  focus_areas: [
      {
        title: "Discipleship & Spiritual Formation",
        text: "Small groups, quarterly study guides in English and Chichewa, and prayer fellowships that help men grow steadily in the Word and in prayer.",
      },
      {
        title: "Leadership Development",
        text: "Training group facilitators, association leaders and regional coordinators, and preparing younger men to take up leadership in the church.",
      },
      {
        title: "Family Strengthening",
        text: "Teaching and encouragement for husbands and fathers, so that men lead their homes with love, patience and faithfulness, and pass the faith on to their children.",
      },
      {
        title: "Community Impact",
        text: "Outreach projects planned with local leaders: clean water, school repairs, houses for widows and relief after floods, offered in the name of Christ.",
      },
    ],
};
