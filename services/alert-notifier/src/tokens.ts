/** The service's Postgres schema (schemaOf('alert-notifier')). */
export const NOTIFIER_SCHEMA = 'alert_notifier';
export const NOTIFIER_CONFIG = Symbol('NotifierConfig');
/** Where the catalog is asked about a listing (an HTTP client; tests swap it). */
export const PRODUCT_LOOKUP = Symbol('ProductLookup');
/** The demo marketplaces' price pin (HTTP to the demo control endpoint). */
export const DEMO_CONTROL = Symbol('DemoControl');
/** The raw environment, read lazily (the embedded host learns CATALOG_URL after it listens). */
export const RAW_ENV = Symbol('RawEnv');
/** Builds the web app links in emails (AppLinks). */
export const APP_LINKS = Symbol('AppLinks');
/** Pricing's history and badge for a price-drop email (PriceContextClient; tests swap it). */
export const PRICE_CONTEXT = Symbol('PriceContext');
