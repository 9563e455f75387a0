import { Rss } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../ui/button';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/skeleton';
import { TextInput } from '../../../ui/text-input';
import { useAlertFeed } from '../hooks/use-alert-feed';
import './private-feed.css';

/** Feed readers take the URL as is: a failed action says why and leaves the feed as it was. */
const failed = (what: string) => (error: unknown) =>
  toast.error(`${what}: ${error instanceof Error ? error.message : 'please try again'}`);

/**
 * A signed-in user's private Atom feed of fired alerts and wishlist drops: anyone holding the URL reads it without
 * signing in, so it can be replaced (New link) or switched off, and both end the old URL.
 */
export function PrivateFeedSection({ userId }: { userId: string }) {
  const feed = useAlertFeed(userId);

  const create = (message: string) =>
    feed.create().then(() => toast.success(message), failed('The feed could not be changed'));
  const turnOff = () =>
    feed
      .turnOff()
      .then(() => toast.success('Private feed turned off'), failed('The feed could not be turned off'));
  const copy = (url: string) =>
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success('Feed link copied'), failed('The link could not be copied'));

  return (
    <section aria-labelledby="private-feed-title" className="card private-feed" data-testid="private-feed">
      <h2 id="private-feed-title" style={{ fontSize: '1.1rem', margin: 0 }}>
        <Rss size={18} aria-hidden="true" /> Private feed
      </h2>
      <p className="muted">
        Your fired alerts and the price drops of your wishlist items, as an Atom feed for any feed reader.
        Anyone with the link can read it, so keep it to yourself; a new link or turning it off ends the old
        one.
      </p>
      {feed.status === 'loading' ? (
        <p aria-busy="true">
          <span className="sr-only">Loading your private feed</span>
          <Skeleton width="18rem" height="2.25rem" />
        </p>
      ) : feed.status === 'error' ? (
        <ErrorState
          title="Your private feed could not be loaded"
          headingLevel={3}
          action={<Button onClick={feed.retry}>Try again</Button>}
        />
      ) : !feed.on ? (
        <Button variant="primary" disabled={feed.busy} onClick={() => void create('Private feed turned on')}>
          Turn on feed
        </Button>
      ) : (
        <>
          {feed.url ? (
            <div className="row private-feed-link">
              <TextInput
                label="Feed link"
                readOnly
                value={feed.url}
                compact
                data-testid="private-feed-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button onClick={() => void copy(feed.url ?? '')}>Copy</Button>
            </div>
          ) : (
            <p className="muted">
              Your feed is on. Its link is shown only when it is made; if you no longer have it, make a new
              link.
            </p>
          )}
          <div className="row">
            <Button size="sm" disabled={feed.busy} onClick={() => void create('New feed link made')}>
              New link
            </Button>
            <Button size="sm" variant="danger" disabled={feed.busy} onClick={() => void turnOff()}>
              Turn off
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
