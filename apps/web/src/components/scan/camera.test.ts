import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './camera';
import { turnPixels } from './turn';

describe('cameraProblemOf', () => {
  it('tells a refusal, a missing camera and any other failure apart', () => {
    expect(cameraProblemOf(new DOMException('denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('insecure', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('noCamera');
    expect(cameraProblemOf(new DOMException('no back camera', 'OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('cameraFailed');
    expect(cameraProblemOf('something')).toBe('cameraFailed');
  });
});

describe('turnPixels', () => {
  /** A 5×5 white image with one black pixel at (x, y). */
  function dot(x: number, y: number) {
    const data = new Uint8ClampedArray(5 * 5 * 4).fill(255);
    data.fill(0, (y * 5 + x) * 4, (y * 5 + x) * 4 + 3);
    return { data, width: 5, height: 5 };
  }
  const blackAt = (image: { data: Uint8ClampedArray; width: number }) => {
    const found: [number, number][] = [];
    for (let i = 0; i < image.data.length; i += 4) if (image.data[i] === 0) found.push([(i / 4) % image.width, Math.floor(i / 4 / image.width)]);
    return found;
  };

  it('leaves the image as it is at 0°', () => {
    const image = dot(4, 2);
    expect(turnPixels(image, 0)).toBe(image);
  });

  it('turns about the centre, clockwise on screen for a positive angle', () => {
    // 90° clockwise (y down): the pixel right of the centre goes below it.
    expect(blackAt(turnPixels(dot(4, 2), 90))).toEqual([[2, 4]]);
    expect(blackAt(turnPixels(dot(4, 2), -90))).toEqual([[2, 0]]);
  });

  it('fills what comes from outside the picture with white, opaque', () => {
    const turned = turnPixels(dot(2, 2), 45);
    expect(blackAt(turned)).toEqual([[2, 2]]);
    expect([...turned.data.slice(0, 4)]).toEqual([255, 255, 255, 255]);
  });
});
