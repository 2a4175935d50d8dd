// Image storage layout. R2 is one bucket; the spec's four storage buckets become key prefixes.
export const IMAGE_BUCKETS = {
  profile: "profile-images",
  ministry: "ministry-images/ministries",
  blog: "blog-images/blogs",
  testimony: "blog-images",
  event: "event-images",
  /** Pictures of the site's settings (the contact page's map). */
  site: "site-images",
} as const;

export type ImageKind = keyof typeof IMAGE_BUCKETS;

const IMAGE_KEY = /^(profile-images|ministry-images|blog-images|event-images|site-images)\/[A-Za-z0-9_.\-/]{1,200}$/;

/** Whether a path is a well-formed object key under one of our prefixes (no traversal, no oddities). */
export function isImageKey(key: string): boolean {
  return IMAGE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

/** The public URL the Worker serves an R2 object at. */
export function imageUrlForKey(key: string): string {
  return `/images/${key}`;
}

/**
 * Every uploaded or bundled image is stored at these widths (never wider than the original), named
 * `<base>-<width>w.<ext>`; the stored URL names the widest one. From it the page derives a srcset,
 * so a phone downloads the 480 px file and a desktop the larger ones.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const SIZED_IMAGE = /^(.*)-(\d+)w\.(webp|jpg|jpeg|png|gif)$/;

export type ImageSources = { src: string; srcSet?: string };

export function imageWidthsUpTo(maxWidth: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < maxWidth), maxWidth];
}

export function imageSources(url: string): ImageSources {
  const match = SIZED_IMAGE.exec(url);
  if (!match) return { src: url };
  const [, base, widthText, ext] = match;
  const widths = imageWidthsUpTo(Number(widthText));
  const variant = (w: number) => `${base}-${w}w.${ext}`;
  return {
    src: variant(widths.find((w) => w >= 960) ?? widths[widths.length - 1]!),
    srcSet: widths.map((w) => `${variant(w)} ${w}w`).join(", "),
  };
}
