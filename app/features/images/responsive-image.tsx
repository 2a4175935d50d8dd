import type { ImgHTMLAttributes } from "react";
import { imageSources, PHONE_MEDIA } from "~/features/images/images";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  alt: string;
  /** How wide the image shows, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  /** The one image that is the page's largest paint loads eagerly with high priority. */
  priority?: boolean;
  /**
   * False for a decorative picture phones go without (the home page's hero, under a near-opaque
   * overlay): below 640 px it is an empty pixel written into the page, so nothing is downloaded.
   */
  onPhones?: boolean;
};

/** A transparent 1×1 GIF: what a phone shows instead of a picture it goes without. */
const EMPTY_PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * An <img> with a srcset derived from our `-<width>w` naming, lazy unless it is the LCP image. On a
 * phone it shows the smallest width (a <picture> source; `contents`, so the <img> lays out as if
 * alone; docs/decisions/016-fast-on-3g.md).
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, onPhones = true, ...rest }: Props) {
  const sources = imageSources(src);
  const image = (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      {...rest}
    />
  );
  if (!onPhones) {
    return (
      <picture className="contents">
        <source media={PHONE_MEDIA} srcSet={`${EMPTY_PIXEL} 1w`} sizes={sizes} />
        {image}
      </picture>
    );
  }
  if (!sources.phoneSrc) return image;
  return (
    <picture className="contents">
      {/* Its one candidate is the phone's picture whatever `sizes` says; the HTML checker wants the
          width and sizes written as on the <img>. */}
      <source media={PHONE_MEDIA} srcSet={`${sources.phoneSrc} ${sources.phoneWidth}w`} sizes={sizes} />
      {image}
    </picture>
  );
}

/**
 * The large 16:9 picture at the top of a record's page (a post, a ministry): the page's LCP image,
 * so it loads first, in a box that holds its place while it arrives.
 */
export function FeatureImage({ src, alt, sizes, className }: { src: string; alt: string; sizes: string; className: string }) {
  return (
    <div className={`aspect-video overflow-hidden bg-stone-100 ${className}`}>
      <ResponsiveImage src={src} alt={alt} sizes={sizes} priority width={1600} height={900} className="size-full object-cover" />
    </div>
  );
}
