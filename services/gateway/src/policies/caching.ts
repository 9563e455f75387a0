import path from 'node:path';
import type express from 'express';

/** Vite's hashed build output: `assets/name-Ab12Cd34.js`. The hash changes when the content does. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Cache headers for web/dist: hashed assets are immutable for a year; index.html
 * must be revalidated every time (it names the current hashes); anything else an hour.
 */
export const staticCaching: NonNullable<Parameters<typeof express.static>[1]> = {
  index: false,
  setHeaders(res, file) {
    if (HASHED_ASSET.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    else if (path.basename(file) === 'index.html') res.setHeader('Cache-Control', 'no-cache');
    else res.setHeader('Cache-Control', 'public, max-age=3600');
  },
};

/** API answers are per user and change often: no shared cache may keep them unless a route says so. */
export const apiNoStore: express.RequestHandler = (req, res, next) => {
  if (/^\/(api|auth)(\/|$)/.test(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
};
