import {
  COUPON_PHOTO_EXTENSIONS,
  COUPON_PHOTO_MAX_BYTES,
  COUPON_PHOTO_TYPES,
  fitWithin,
} from '#shared/statement/coupon-photo.ts';

export type PhotoProblem = 'wrongType' | 'tooLarge';

/** spec §5: jpeg, jpg, png or gif, at most 10 MB; undefined when the file may be used. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): PhotoProblem | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!COUPON_PHOTO_TYPES.includes(file.type) || !COUPON_PHOTO_EXTENSIONS.includes(extension))
    return 'wrongType';
  if (file.size > COUPON_PHOTO_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** spec §5: the photo downscaled to fit 600x800 and converted to PNG, as a data URL. */
export async function toCouponPng(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL('image/png');
  } finally {
    bitmap.close();
  }
}
