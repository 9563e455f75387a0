import type { Product } from '@pt/contracts';
import { useState } from 'react';
import { ProductImage } from '../../../ui/product-image';

export function ProductGallery({ product: p }: { product: Product }) {
  const [image, setImage] = useState(0);
  const images = p.images.length ? p.images : p.image ? [p.image] : [];
  return (
    <div className="gallery">
      {/* The main picture is the page's largest paint on a phone: fetched first, never lazily. */}
      <ProductImage
        src={images[image]}
        alt={p.title}
        width={500}
        height={500}
        className="gallery-main"
        loading="eager"
        fetchPriority="high"
      />
      {images.length > 1 && (
        <div className="gallery-thumbs" role="group" aria-label="Product images">
          {images.map((src, i) => (
            <button key={src} type="button" aria-pressed={i === image} onClick={() => setImage(i)}>
              <ProductImage src={src} alt={`Image ${i + 1}`} className="gallery-thumb" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
