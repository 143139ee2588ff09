/** An image's RGBA pixels, row by row: a canvas's ImageData, or the bench's frames in Node. */
export interface PixelImage {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/**
 * The image turned by `degrees` about its centre, same size, nearest pixel (bars stay sharp);
 * corners that come from outside the picture are white, as paper.
 */
export function turnPixels(image: PixelImage, degrees: number): PixelImage {
  if (degrees === 0) return image;
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length).fill(255);
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // Pixel centres: the middle pixel of an odd-sized image stays where it is.
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      // Where this output pixel comes from in the source (the inverse turn).
      const sx = Math.round(cx + dx * cos + dy * sin);
      const sy = Math.round(cy - dx * sin + dy * cos);
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      const from = (sy * width + sx) * 4;
      const to = (y * width + x) * 4;
      out[to] = data[from]!;
      out[to + 1] = data[from + 1]!;
      out[to + 2] = data[from + 2]!;
    }
  }
  return { data: out, width, height };
}
