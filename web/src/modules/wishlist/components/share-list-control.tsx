import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { TextInput } from '../../../ui/text-input';
import { toast } from '../../../ui/toast';
import { shareLinkOf, sharedWishlistApi } from '../api/shared-wishlists';

const api = sharedWishlistApi();

/**
 * The owner's share switch for a signed-in list: "Share" makes a read-only link (asking again
 * replaces it, so a link that went too far can be cut off), "Stop sharing" ends it. The link is
 * shown once: only its hash is kept, so it cannot be shown again, only replaced.
 */
export function ShareListControl({
  wishlistId,
  name,
  shared,
}: {
  wishlistId: string;
  name: string;
  /** Whether a link opens the list now (the server's word, reloaded after each change). */
  shared: boolean;
}) {
  const [link, setLink] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const reloadLists = () => queryClient.invalidateQueries({ queryKey: ['wishlists'] });
  const share = useMutation({
    mutationFn: () => api.share(wishlistId),
    onSuccess: (answer) => {
      setLink(shareLinkOf(answer));
      void reloadLists();
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'The share link could not be made')),
  });
  const revoke = useMutation({
    mutationFn: () => api.revoke(wishlistId),
    onSuccess: () => {
      setLink(null);
      void reloadLists();
      toast.success(`"${name}" is no longer shared`);
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Sharing could not be stopped')),
  });
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Link copied');
    } catch {
      // Without clipboard access (an insecure origin, a denied permission) the field stays selectable.
      toast.error('Copy the link from the field');
    }
  };
  return (
    <div className="row" data-testid="share-list">
      {shared && <span className="badge">Shared by link</span>}
      <button type="button" className="btn btn-sm" disabled={share.isPending} onClick={() => share.mutate()}>
        {link || shared ? 'New share link' : 'Share'}
      </button>
      {link && (
        <>
          <TextInput
            id="share-link"
            label="Share link"
            hideLabel
            size="sm"
            compact
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn btn-sm" onClick={() => void copy(link)}>
            Copy link
          </button>
        </>
      )}
      <button
        type="button"
        className="btn btn-sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        Stop sharing
      </button>
    </div>
  );
}
