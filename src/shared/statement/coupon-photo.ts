// spec §5, §9: the coupon photo rules, shared by the upload widget and the server's PNG check.
export const COUPON_PHOTO_MAX_BYTES = 10_485_760;
export const COUPON_PHOTO_MAX_WIDTH = 600;
export const COUPON_PHOTO_MAX_HEIGHT = 800;
export const COUPON_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const COUPON_PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

/** The size that fits within 600x800 keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, COUPON_PHOTO_MAX_WIDTH / width, COUPON_PHOTO_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
