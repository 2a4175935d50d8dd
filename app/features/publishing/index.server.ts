// The publishing feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { type AdminBlogRow, blogCategories, type BlogCategoryOption, blogFormData, type BlogInput, blogsForAdmin, createBlog, deleteBlog, getBlog, postByIdQuery, postBySlugQuery, postCountsByStateQuery, postForPreview, postSummariesQuery, updateBlog } from "./blog.server";
export { askedVersion, viewedVersion } from "./history-view.server";
export { type GuardedSave, historyQuery, keepVersionQuery, type LastSave, runGuardedSave, type SaveGuard, versionQuery } from "./history.server";
export { activeMembersWithPositionQuery, type AdminMemberRow, createMember, deleteMember, getMember, type LeadershipMemberInput, memberFormData, membersForAdmin, positionsByRank, type PublicLeaderRow, toggleMemberActive, updateMember } from "./leadership.server";
export { activeMinistriesQuery, activeMinistryBySlugQuery, type AdminMinistryRow, createMinistry, deleteMinistry, getMinistry, ministriesForAdmin, type Ministry, ministryFormData, type MinistryInput, updateMinistry } from "./ministry.server";
export { activeTestimoniesQuery, type AdminTestimonyRow, createTestimony, deleteTestimony, getTestimony, testimoniesForAdmin, type TestimonyInput, toggleTestimonyActive, updateTestimony } from "./testimony.server";
export { guardedUpdated, refuseStaleSave, saveGuard, saveKindOf, savedToast } from "./save-steps.server";
