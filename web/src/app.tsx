import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from 'react-router-dom';

const HomePage = lazy(() => import('./pages/home-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/" className="brand">
          Price Tracker
        </Link>
      </header>
      <main>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
