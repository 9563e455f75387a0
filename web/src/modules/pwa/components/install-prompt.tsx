import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flagCodec, persistedStore } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/** Dismissed once, never offered again in this browser. */
const dismissed = persistedStore({
  key: LOCAL_KEYS.installPromptDismissed,
  codec: flagCodec,
  fallback: () => false,
});

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Offers "Install app" when the browser allows it, until installed or dismissed once. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    if (dismissed.readStored()) return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  if (!event) return null;
  return (
    <button
      type="button"
      className="btn btn-sm"
      onClick={() => {
        void event.prompt();
        void event.userChoice.then(({ outcome }) => {
          if (outcome === 'dismissed') dismissed.set(true);
          setEvent(null);
        });
      }}
    >
      <Download size={16} aria-hidden /> Install app
    </button>
  );
}
