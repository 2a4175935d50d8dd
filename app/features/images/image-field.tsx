// The image picker every admin form uses: preview, click or drag-and-drop, resize in the browser
// and upload to R2 before the form is saved. Without JavaScript the file travels with the form
// (multipart) and the server stores it as it is.
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { imageSources, isSharedKind, sharePictureUrl, type ImageKind } from "~/features/images/images";
import { SIGNED_OUT_UPLOAD, uploadImage } from "~/features/images/image-resize";
import { buttonClass } from "../../components/form-fields";
import { showToast } from "../../components/toaster";
import { ImageIcon, SpinnerIcon, UploadIcon } from "../../components/icons";

export type SampleImage = { url: string; label: string };

type Props = {
  kind: ImageKind;
  label: string;
  hint?: string;
  defaultUrl: string | null;
  aspect?: "video" | "square";
  /** The 'Upload Error' message (the event form words it differently). */
  uploadErrorMessage?: string;
  samples?: SampleImage[];
  onUploadingChange?: (uploading: boolean) => void;
  error?: string;
};

export function ImageField({
  kind,
  label,
  hint,
  defaultUrl,
  aspect = "video",
  uploadErrorMessage = "Failed to upload image",
  samples,
  onUploadingChange,
  error,
}: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultUrl ?? "");
  /** The picture "Remove this image" took away (until saved, unticking brings it back); null when not ticked. */
  const [removed, setRemoved] = useState<string | null>(null);
  /** A new picture replaced one the form already had a description of: the description may no longer fit. */
  const [describeAgain, setDescribeAgain] = useState(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);

  /** After a new picture: whether the form's description (written for the old one) should be looked at again. */
  function noteNewPicture() {
    const description = fieldset.current?.form?.elements.namedItem("image_alt");
    setDescribeAgain(Boolean(defaultUrl) && description instanceof HTMLInputElement && description.value.trim() !== "");
  }
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  async function handleFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/") || file.type === "image/svg+xml") {
      showToast({ title: "Upload Error", description: "Please choose a JPEG, PNG, WebP or GIF image.", variant: "destructive" });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      const stored = await uploadImage(kind, file);
      setUrl(stored);
      setRemoved(null);
      noteNewPicture();
      showToast({ title: "Image Uploaded" });
    } catch (uploadError) {
      const message = uploadError instanceof Error && uploadError.message !== "Failed to fetch" ? uploadError.message : null;
      showToast({
        title: "Upload Error",
        description:
          message === SIGNED_OUT_UPLOAD
            ? message
            : message && message !== "Failed to upload image"
              ? `${uploadErrorMessage.replace(/[.!]?$/, ".")} ${message}`
              : uploadErrorMessage,
        variant: "destructive",
      });
    } finally {
      setLocalPreview(null);
      setUploading(false);
      // The stored URL travels in the hidden field; do not send the original file again.
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  // A picture uploaded before share pictures (or without JavaScript) has none, so links to its page
  // preview with the site's default picture. Uploading the stored picture again makes one; the
  // form's save then replaces the old upload.
  const lacksSharePicture = isSharedKind(kind) && url.startsWith("/images/") && sharePictureUrl(url) === null;

  async function makeSharePicture() {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${response.status}`);
      const picture = await response.blob();
      await handleFile(new File([picture], url.slice(url.lastIndexOf("/") + 1), { type: picture.type }));
    } catch {
      showToast({ title: "Upload Error", description: uploadErrorMessage, variant: "destructive" });
    }
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void handleFile(event.dataTransfer.files[0]);
  }

  const preview = localPreview ?? url;
  const sources = url && !localPreview ? imageSources(url) : null;
  const boxClass = aspect === "square" ? "aspect-square w-32" : "aspect-video w-full";

  return (
    <fieldset ref={fieldset} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{label}</legend>
      <input type="hidden" name="image_url" value={url} />
      <div className={`relative overflow-hidden rounded-lg border border-stone-200 bg-stone-100 ${boxClass}`}>
        {preview ? (
          <img
            src={sources?.src ?? preview}
            srcSet={sources?.srcSet}
            sizes={aspect === "square" ? "128px" : "(min-width: 768px) 640px, 100vw"}
            alt="Selected image preview"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-sm text-stone-600">
            <ImageIcon className="size-8" />
            No image selected
          </div>
        )}
        {uploading ? (
          <div className="absolute inset-0 flex items-center justify-center gap-2 bg-white/70 text-sm font-medium text-stone-800">
            <SpinnerIcon className="size-5" /> Uploading...
          </div>
        ) : null}
      </div>

      <label
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-4 text-center text-sm ${
          dragging ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-white hover:border-brand-500"
        }`}
      >
        <UploadIcon className="size-5 text-stone-500" />
        <span className="font-medium text-brand-700">Click to upload or drag and drop</span>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          name="image_file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={uploading}
          onChange={(event) => void handleFile(event.currentTarget.files?.[0])}
          className="mt-1 max-w-full text-xs text-stone-600 file:mr-2 file:rounded file:border-0 file:bg-stone-100 file:px-2 file:py-1"
        />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
      {describeAgain && url ? (
        <p role="status" className="mt-1.5 text-sm text-stone-700">
          New picture: check that its description below still fits it.
        </p>
      ) : null}

      {lacksSharePicture && !uploading ? (
        <div className="mt-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700">
          <p>This picture has no link preview version yet: links shared on WhatsApp show the site&apos;s default picture.</p>
          <button type="button" onClick={() => void makeSharePicture()} className={`mt-2 ${buttonClass.secondary}`}>
            Make a link preview from this picture
          </button>
        </div>
      ) : null}

      {samples?.length ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-stone-800">Or pick a sample image</p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {samples.map((sample) => {
              const thumb = imageSources(sample.url);
              return (
                <label key={sample.url} className="cursor-pointer">
                  <input
                    type="radio"
                    name="image_sample"
                    value={sample.url}
                    checked={url === sample.url}
                    onChange={() => {
                      setUrl(sample.url);
                      setRemoved(null);
                      noteNewPicture();
                    }}
                    className="peer sr-only"
                  />
                  <img
                    src={thumb.src}
                    srcSet={thumb.srcSet}
                    sizes="160px"
                    alt={sample.label}
                    loading="lazy"
                    className="aspect-video w-full rounded-md border-2 border-transparent object-cover peer-checked:border-brand-600 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-gold-400"
                  />
                  <span className="mt-1 block text-xs text-stone-600">{sample.label}</span>
                </label>
              );
            })}
          </div>
        </div>
      ) : null}

      {url || removed !== null ? (
        <>
          <label className="mt-3 flex min-h-11 items-center gap-2 text-sm text-stone-700">
            <input
              type="checkbox"
              name="image_remove"
              value="1"
              checked={removed !== null}
              onChange={(event) => {
                // Ticked: the picture goes when the form is saved; unticked again, it stays.
                if (event.currentTarget.checked) {
                  setRemoved(url);
                  setUrl("");
                  setLocalPreview(null);
                } else {
                  setUrl(removed ?? "");
                  setRemoved(null);
                }
              }}
              className="size-4 rounded border-stone-300"
            />
            Remove this image
          </label>
          {removed !== null ? <p className="text-sm text-stone-600">The image is removed when you save. Untick the box to keep it.</p> : null}
        </>
      ) : null}
    </fieldset>
  );
}
