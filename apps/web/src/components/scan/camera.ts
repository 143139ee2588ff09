/** Why the camera could not start, as the dialog tells it. */
export type CameraProblem = 'denied' | 'noCamera' | 'cameraFailed';

/**
 * getUserMedia's failure in the user's terms: refused (by the user, or by the browser's policy on
 * a page that is not secure) → 'denied'; no camera, or none matching → 'noCamera'; anything else
 * (camera in use by another app, hardware error) → 'cameraFailed'.
 */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') return 'noCamera';
  return 'cameraFailed';
}

/**
 * The back camera (`environment`; a laptop's only camera is taken when it has none), at a size
 * where Code 39's thin bars stay two pixels wide or more at arm's length. No audio.
 */
export async function openBackCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

/** Releases the camera: the phone's camera light goes off and other apps may use it. */
export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The torch (flash as a lamp) of the stream's video track, where the browser and the phone have one. */
export function hasTorch(stream: MediaStream): boolean {
  const track = stream.getVideoTracks()[0];
  const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
  return capabilities?.torch === true;
}

export async function setTorch(stream: MediaStream, on: boolean): Promise<void> {
  const track = stream.getVideoTracks()[0];
  await track?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

/** The largest side a frame or a photo is read at: enough for a memo's barcodes, light on a phone's CPU. */
const MAX_SIDE = 1600;

/** The pixels of a video frame or a photo, scaled down to `MAX_SIDE` at most, for the barcode reader. */
export function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
): ImageData | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
