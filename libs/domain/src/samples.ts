import { sanitizeImageUrl } from './marketplace-checks';
import { MarketplaceId } from './marketplaces';

/** §3: the shape of a static sample product. */
export interface SampleProduct {
  id: string;
  title: string;
  description: string;
  price: number;
  originalPrice: number;
  image: string;
  url: string;
  source: string;
  marketplace: MarketplaceId;
  shipping: string;
  rating: number;
  reviews: number;
  condition: string;
  category: string;
}

/**
 * Where the samples' pictures live: files the web app itself serves (web/public/samples), so they
 * load offline and from any origin the app is served on.
 */
export const SAMPLE_IMAGE_PATH = /^\/samples\/sample-[a-z]+-\d+\.svg$/;

/** A sample's picture as is; anything else through the §5 http(s) check (placeholder otherwise). */
export function sampleImageUrl(image: string): string {
  return SAMPLE_IMAGE_PATH.test(image) ? image : sanitizeImageUrl(image);
}

/**
 * §3: nine static samples across the four marketplaces. Ids avoid the live-id formats of §2 (no
 * pipe, no aliexpress_/ae_/ali_, not all digits) so they always resolve as static samples. URLs are
 * the marketplaces' search pages for the product, which stay valid when a listing ends.
 */
export const SAMPLE_PRODUCTS: readonly SampleProduct[] = [
  {
    id: 'sample-ebay-1',
    title: 'Apple iPhone 13 128GB Unlocked - Midnight (Renewed)',
    description:
      'Refurbished iPhone 13 with 6.1-inch Super Retina XDR display, A15 Bionic chip and dual 12MP cameras. Tested and fully functional.',
    price: 429.99,
    originalPrice: 599.0,
    image: '/samples/sample-ebay-1.svg',
    url: 'https://www.ebay.com/sch/i.html?_nkw=iphone+13+128gb+unlocked',
    source: 'eBay',
    marketplace: 'ebay',
    shipping: 'Free shipping',
    rating: 4.6,
    reviews: 1284,
    condition: 'Refurbished',
    category: 'Electronics',
  },
  {
    id: 'sample-ebay-2',
    title: 'Nintendo Switch OLED Model with White Joy-Con',
    description:
      'Nintendo Switch OLED console with a vibrant 7-inch OLED screen, wide adjustable stand and 64GB internal storage.',
    price: 319.95,
    originalPrice: 349.99,
    image: '/samples/sample-ebay-2.svg',
    url: 'https://www.ebay.com/sch/i.html?_nkw=nintendo+switch+oled',
    source: 'eBay',
    marketplace: 'ebay',
    shipping: '$9.99 shipping',
    rating: 4.8,
    reviews: 3521,
    condition: 'New',
    category: 'Video Games',
  },
  {
    id: 'sample-aliexpress-1',
    title: 'TWS Wireless Earbuds Bluetooth 5.3 with Charging Case',
    description:
      'True wireless earbuds with ENC noise reduction, touch control, 30-hour battery life with the case and IPX5 water resistance.',
    price: 12.34,
    originalPrice: 24.68,
    image: '/samples/sample-aliexpress-1.svg',
    url: 'https://www.aliexpress.com/w/wholesale-tws-wireless-earbuds.html',
    source: 'AliExpress',
    marketplace: 'aliexpress',
    shipping: 'Free shipping, 7-15 days',
    rating: 4.7,
    reviews: 15208,
    condition: 'New',
    category: 'Electronics',
  },
  {
    id: 'sample-aliexpress-2',
    title: 'Mechanical Gaming Keyboard 87 Keys RGB Hot-Swappable',
    description:
      'Compact tenkeyless mechanical keyboard with hot-swappable switches, per-key RGB lighting and a detachable USB-C cable.',
    price: 39.99,
    originalPrice: 69.99,
    image: '/samples/sample-aliexpress-2.svg',
    url: 'https://www.aliexpress.com/w/wholesale-mechanical-keyboard-87-keys.html',
    source: 'AliExpress',
    marketplace: 'aliexpress',
    shipping: '$2.99 shipping, 7-15 days',
    rating: 4.5,
    reviews: 2394,
    condition: 'New',
    category: 'Computers',
  },
  {
    id: 'sample-amazon-1',
    title: 'Echo Dot (5th Gen) Smart Speaker with Alexa - Charcoal',
    description:
      'Compact smart speaker with improved audio, a temperature sensor and voice control for music, timers and smart home devices.',
    price: 49.99,
    originalPrice: 49.99,
    image: '/samples/sample-amazon-1.svg',
    url: 'https://www.amazon.com/s?k=echo+dot+5th+gen',
    source: 'Amazon',
    marketplace: 'amazon',
    shipping: 'Free delivery',
    rating: 4.7,
    reviews: 98450,
    condition: 'New',
    category: 'Smart Home',
  },
  {
    id: 'sample-amazon-2',
    title: 'Kindle Paperwhite 16GB - 6.8" Display, Adjustable Warm Light',
    description:
      'Waterproof e-reader with a 6.8-inch glare-free display, adjustable warm light and weeks of battery life.',
    price: 139.99,
    originalPrice: 159.99,
    image: '/samples/sample-amazon-2.svg',
    url: 'https://www.amazon.com/s?k=kindle+paperwhite+16gb',
    source: 'Amazon',
    marketplace: 'amazon',
    shipping: 'Free delivery',
    rating: 4.6,
    reviews: 41233,
    condition: 'New',
    category: 'Electronics',
  },
  {
    id: 'sample-amazon-3',
    title: 'Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Quart',
    description:
      'Pressure cooker, slow cooker, rice cooker, steamer, sauté pan, yogurt maker and warmer in one 6-quart pot.',
    price: 89.95,
    originalPrice: 99.95,
    image: '/samples/sample-amazon-3.svg',
    url: 'https://www.amazon.com/s?k=instant+pot+duo+6+quart',
    source: 'Amazon',
    marketplace: 'amazon',
    shipping: 'Free delivery',
    rating: 4.7,
    reviews: 152310,
    condition: 'New',
    category: 'Home & Kitchen',
  },
  {
    id: 'sample-walmart-1',
    title: 'onn. 50" Class 4K UHD LED Roku Smart TV',
    description: '50-inch 4K Ultra HD smart TV with HDR10, built-in Roku streaming and three HDMI inputs.',
    price: 198.0,
    originalPrice: 248.0,
    image: '/samples/sample-walmart-1.svg',
    url: 'https://www.walmart.com/search?q=onn+50+inch+4k+roku+tv',
    source: 'Walmart',
    marketplace: 'walmart',
    shipping: 'Free pickup or delivery',
    rating: 4.3,
    reviews: 8762,
    condition: 'New',
    category: 'TV & Video',
  },
  {
    id: 'sample-walmart-2',
    title: 'Ninja Professional Blender 1000W, 72 oz Pitcher',
    description:
      '1000-watt blender with Total Crushing blades that turn ice to snow in seconds, with a 72-ounce pitcher.',
    price: 79.0,
    originalPrice: 99.99,
    image: '/samples/sample-walmart-2.svg',
    url: 'https://www.walmart.com/search?q=ninja+professional+blender+1000w',
    source: 'Walmart',
    marketplace: 'walmart',
    shipping: 'Free shipping, arrives in 2 days',
    rating: 4.6,
    reviews: 5120,
    condition: 'New',
    category: 'Home & Kitchen',
  },
];

/** §4 step 1 of the lookup order. Ids are compared decoded-as-given; samples have plain ASCII ids. */
export function findSampleProduct(id: string): SampleProduct | undefined {
  return SAMPLE_PRODUCTS.find((p) => p.id === id);
}
