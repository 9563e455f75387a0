import { useEffect, type ReactNode } from 'react';

/** A route screen: one h1, and the document title follows it. */
export function Page({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    document.title = title === 'Price Tracker' ? title : `${title} · Price Tracker`;
  }, [title]);
  return (
    <section aria-labelledby="page-title" className={className}>
      <h1 id="page-title">{title}</h1>
      {children}
    </section>
  );
}
