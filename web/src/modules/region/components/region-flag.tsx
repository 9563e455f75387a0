import type { RegionId } from '@pt/domain';
import type { ReactNode } from 'react';

/*
 * Small inline SVG flags (30×20), simplified to read at 16–24 px: emoji flags render as empty boxes
 * on Linux and Windows. Colours are the flags' own, not theme tokens.
 */
const tricolourV = (a: string, b: string, c: string) => (
  <>
    <rect width="10" height="20" fill={a} />
    <rect x="10" width="10" height="20" fill={b} />
    <rect x="20" width="10" height="20" fill={c} />
  </>
);
const tricolourH = (a: string, b: string, c: string, middle = 20 / 3) => {
  const edge = (20 - middle) / 2;
  return (
    <>
      <rect width="30" height={edge} fill={a} />
      <rect y={edge} width="30" height={middle} fill={b} />
      <rect y={edge + middle} width="30" height={edge} fill={c} />
    </>
  );
};
const unionJack = (
  <>
    <rect width="30" height="20" fill="#012169" />
    <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
    <path d="M0 0 30 20M30 0 0 20" stroke="#C8102E" strokeWidth="1.5" />
    <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
    <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.5" />
  </>
);
const star = (x: number, y: number, r: number) => <circle cx={x} cy={y} r={r} fill="#fff" />;

const FLAGS: Record<RegionId, ReactNode> = {
  fr: tricolourV('#0055A4', '#FFFFFF', '#EF4135'),
  it: tricolourV('#009246', '#FFFFFF', '#CE2B37'),
  de: tricolourH('#000000', '#DD0000', '#FFCE00'),
  nl: tricolourH('#AE1C28', '#FFFFFF', '#21468B'),
  es: tricolourH('#AA151B', '#F1BF00', '#AA151B', 10),
  jp: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
  uk: unionJack,
  us: (
    <>
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#B22234" />
      ))}
      <rect width="12" height={(20 / 13) * 7} fill="#3C3B6E" />
    </>
  ),
  ca: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D52B1E" />
      <rect x="22.5" width="7.5" height="20" fill="#D52B1E" />
      <path
        d="M15 4l1.2 2.4 1.8-.6-.6 3.4 2-1.4.4 1.2 1.6-.2-1 2 .8.6-3.2 2.2.4 1.4-2.8-.4V17h-1.2v-2.4l-2.8.4.4-1.4-3.2-2.2.8-.6-1-2 1.6.2.4-1.2 2 1.4-.6-3.4 1.8.6z"
        fill="#D52B1E"
      />
    </>
  ),
  au: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <svg width="15" height="10" viewBox="0 0 30 20">
        {unionJack}
      </svg>
      {star(7.5, 15, 1.8)}
      {star(22.5, 4, 1)}
      {star(19.5, 9, 1)}
      {star(25.5, 8, 1)}
      {star(22.5, 16, 1)}
    </>
  ),
  br: (
    <>
      <rect width="30" height="20" fill="#009C3B" />
      <path d="M15 2.5 27 10 15 17.5 3 10z" fill="#FFDF00" />
      <circle cx="15" cy="10" r="4.2" fill="#002776" />
      <path d="M11 9.2q4-1.2 8 1" stroke="#fff" strokeWidth="0.8" fill="none" />
    </>
  ),
  kr: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="5" fill="#0047A0" />
      <path d="M10 10a5 5 0 0 1 10 0 2.5 2.5 0 0 1-5 0 2.5 2.5 0 0 0-5 0z" fill="#CD2E3A" />
      <g stroke="#000" strokeWidth="1">
        <path d="M4 4.5l2.5-2M5 5.5l2.5-2M6 6.5l2.5-2" />
        <path d="M21.5 15.5l2.5 2M22.5 14.5l2.5 2M23.5 13.5l2.5 2" />
        <path d="M21.5 4.5l2.5 2M22.5 3.5l2.5 2M23.5 2.5l2.5 2" />
        <path d="M4 15.5l2.5-2M5 16.5l2.5-2M6 17.5l2.5-2" />
      </g>
    </>
  ),
};

/**
 * A region's flag. Decorative by default (the region's name or currency is beside it); give a
 * `label` where the flag stands alone.
 */
export function RegionFlag({ region, label }: { region: RegionId; label?: string }) {
  return (
    <svg
      className="flag"
      viewBox="0 0 30 20"
      preserveAspectRatio="none"
      data-region={region}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {FLAGS[region]}
    </svg>
  );
}
