// The images feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { deleteImageSet, IMAGE_ERRORS, ImageRejected, isStoredImageUrl, MAX_IMAGE_BYTES, releasePictures, storeImageVariants, storeOriginalImage } from "./image-store.server";
export { decideImage, type ImageDecision, keepNewImage, releaseImages, releaseReplacedImages, releaseUnsavedImage, uploadErrorToast, withStoredImageOnly } from "./image-decision.server";
