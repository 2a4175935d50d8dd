import { ResponsiveImage } from "~/features/images";

/** A round portrait, or a circle with the first letter of the name when there is no photo. */
export function PersonPhoto({
  name,
  imageUrl,
  className = "size-24",
  initialClassName = "text-4xl",
}: {
  name: string;
  imageUrl: string | null;
  /** The circle's size. */
  className?: string;
  /** The letter's size in the placeholder. */
  initialClassName?: string;
}) {
  if (imageUrl) {
    return (
      <ResponsiveImage
        src={imageUrl}
        alt={`Photo of ${name}`}
        sizes="128px"
        width={480}
        height={480}
        className={`${className} shrink-0 rounded-full bg-gold-100 object-cover`}
      />
    );
  }
  return (
    <div aria-hidden="true" className={`${className} flex shrink-0 items-center justify-center rounded-full bg-brand-800 font-serif font-bold text-white ${initialClassName}`}>
      {name.trim().charAt(0).toUpperCase()}
    </div>
  );
}
