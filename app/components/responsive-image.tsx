import type { ImgHTMLAttributes } from "react";
import { imageSources } from "~/lib/images";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  alt: string;
  /** How wide the image shows, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  /** The one image that is the page's largest paint loads eagerly with high priority. */
  priority?: boolean;
};

/** An <img> with a srcset derived from our `-<width>w` naming, lazy unless it is the LCP image. */
export function ResponsiveImage({ src, alt, sizes, priority = false, ...rest }: Props) {
  const sources = imageSources(src);
  return (
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
}
