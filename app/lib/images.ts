// Image storage layout. R2 is one bucket; the spec's four storage buckets become key prefixes.
export const IMAGE_BUCKETS = {
  profile: "profile-images",
  ministry: "ministry-images/ministries",
  blog: "blog-images/blogs",
  testimony: "blog-images",
  event: "event-images",
} as const;

export type ImageKind = keyof typeof IMAGE_BUCKETS;

const IMAGE_KEY = /^(profile-images|ministry-images|blog-images|event-images)\/[A-Za-z0-9_.\-/]{1,200}$/;

/** Whether a path is a well-formed object key under one of our prefixes (no traversal, no oddities). */
export function isImageKey(key: string): boolean {
  return IMAGE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

/** The public URL the Worker serves an R2 object at. */
export function imageUrlForKey(key: string): string {
  return `/images/${key}`;
}
