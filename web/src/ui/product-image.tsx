import { PLACEHOLDER_IMAGE_URL } from '@pt/domain';
import { useState } from 'react';
import './product-image.css';

interface ProductImageProps {
  src: string | undefined;
  alt: string;
  /** Classes of the frame (its size); the frame keeps a 1:1 ratio. */
  className?: string;
  /** Intrinsic size hints (no layout shift while loading). */
  width?: number;
  height?: number;
  loading?: 'lazy' | 'eager';
  /** `high` for the picture that is the page's largest paint (the product page's main image). */
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * A product picture in a fixed-ratio frame. A picture that fails to load (a marketplace's CDN
 * down, a removed image, no network) is replaced by the §8 image placeholder, once: if the
 * placeholder failed too, the frame stays empty rather than retrying.
 */
export function ProductImage({
  src,
  alt,
  className,
  width,
  height,
  loading,
  fetchPriority,
}: ProductImageProps) {
  // Keyed on the source: a new picture (gallery, another product) gets its own chance to load.
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const wanted = src || PLACEHOLDER_IMAGE_URL;
  const fallback = failed === wanted;
  const shown = fallback ? PLACEHOLDER_IMAGE_URL : wanted;
  return (
    <span
      className={className ? `product-image ${className}` : 'product-image'}
      data-testid="product-image"
      data-fallback={shown === PLACEHOLDER_IMAGE_URL ? 'true' : undefined}
    >
      <img
        className="product-image__img"
        src={shown}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        onError={() => {
          if (!fallback) setFailed(wanted);
        }}
      />
    </span>
  );
}
