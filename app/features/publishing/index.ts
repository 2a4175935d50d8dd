// The publishing feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { BLOG_DATE_INVALID, BLOG_MESSAGES, blogSchemaWithCategories, describePublishing, PUBLISHING_CHOICES, PUBLISHING_MESSAGES, publishingOf } from "./blog-form";
export { BlogPostArticle } from "./blog-post-article";
export { isRegional, LEADERSHIP_MESSAGES, LEADERSHIP_REGIONS, leadershipInvalidToast, leadershipSchema, type PositionOption, positionTypeLabel, regionFor, TITLE_HINT } from "./leadership-form";
export { CARD_GRID_SIZES, MinistryCard } from "./ministry-card";
export { MINISTRY_MESSAGES, ministrySchema, SORT_ORDER_NOT_A_NUMBER } from "./ministry-form";
export { PersonPhoto } from "./person-photo";
export { POST_STATUSES, type PostStatus, statusLabel } from "./post-status";
export { toPostPage } from "./public-post";
export { type MinistrySummary, SAMPLE_MINISTRIES, SAMPLE_TESTIMONIES, type TestimonySummary } from "./samples";
export { SlugField } from "./slug-field";
export { formSlug } from "./slug-form";
export { TestimonyCard } from "./testimony-card";
export { TESTIMONY_MESSAGES, testimonySchema } from "./testimony-form";
export { BlogsList } from "./blogs-list";
export { LeadershipList } from "./leadership-list";
export { MinistriesList } from "./ministries-list";
export { TestimoniesList } from "./testimonies-list";
export { PreviewLink } from "./preview-link";
export { groupLeaders, LeaderCard } from "./leadership-view";
