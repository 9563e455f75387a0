import { useEffect, type ReactNode } from 'react';

/** A route screen: one h1, and the document title follows it. */
export function Page({
  title,
  documentTitle,
  children,
  className,
}: {
  title: string;
  /** The tab title when it should differ from the heading (the home page is just "Price Tracker"). */
  documentTitle?: string;
  children?: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    document.title = documentTitle ?? `${title} · Price Tracker`;
  }, [title, documentTitle]);
  return (
    <section aria-labelledby="page-title" className={className}>
      <h1 id="page-title">{title}</h1>
      {children}
    </section>
  );
}
