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
 * `<base>-<width>w.<ext>`; the stored URL names the widest one. From it the page derives a srcset
 * for wider screens, and the smallest width for phones.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/**
 * Screens narrower than Tailwind's `sm` breakpoint: phones. They get an image's smallest width
 * whatever their pixel density, so a picture costs them a third to a half of the bytes and arrives a
 * round trip or two sooner on Slow 3G, a little less sharp (docs/decisions/016-fast-on-3g.md).
 */
export const PHONE_MEDIA = "(max-width: 639px)";

const SIZED_IMAGE = /^(.*)-(\d+)w\.(webp|jpg|jpeg|png|gif)$/;

/** `phoneSrc`: the smallest width (`phoneWidth` px), when there is more than one. */
export type ImageSources = { src: string; srcSet?: string; phoneSrc?: string; phoneWidth?: number };

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
    ...(widths.length > 1 ? { phoneSrc: variant(widths[0]!), phoneWidth: widths[0]! } : {}),
  };
}

/**
 * The picture link previews show (og:image). WhatsApp often shows no preview for a WebP, lays its
 * cards out at about 1.91:1 and skips heavy pictures, so every share picture is a JPEG of exactly
 * 1200x630 (the page's tags say so without looking) and at most 300 KB. An upload's is made by the
 * admin's browser and stored beside its widths as `<stem>-share.jpg`.
 */
export const SHARE_PICTURE = { width: 1200, height: 630, type: "image/jpeg", maxBytes: 300 * 1024 } as const;

/** The kinds of picture a page shares as its preview (an event, a post, a ministry). */
const SHARED_KINDS: ReadonlySet<ImageKind> = new Set(["event", "blog", "ministry"]);

export function isSharedKind(kind: ImageKind): boolean {
  return SHARED_KINDS.has(kind);
}

/**
 * The server ends the key stem of an upload stored with a share picture in this, so a page knows
 * from the record's URL alone that the picture exists: no R2 lookup per page view, no extra
 * column. Uploads from before share pictures lack it, and their pages use the default picture.
 */
export const SHARE_READY_STEM_END = "-og";

/** The bundled pictures with a share picture beside them (drawn by tools/demo-art; a test checks). */
const BUNDLED_SHARED = /^\/media\/(events|ministries|blog)\//;

export function sharePictureName(stem: string): string {
  return `${stem}-share.jpg`;
}

/** The share picture stored beside an image, from the image's stored URL; null when it has none. */
export function sharePictureUrl(url: string): string | null {
  const stem = SIZED_IMAGE.exec(url)?.[1];
  if (!stem) return null;
  const uploadWithOne = url.startsWith("/images/") && stem.endsWith(SHARE_READY_STEM_END);
  return uploadWithOne || BUNDLED_SHARED.test(url) ? sharePictureName(stem) : null;
}
