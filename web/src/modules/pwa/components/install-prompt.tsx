import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { readString, writeString } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Offers "Install app" when the browser allows it, until installed or dismissed once. */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    if (readString(LOCAL_KEYS.installPromptDismissed) === 'true') return;
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
          if (outcome === 'dismissed') writeString(LOCAL_KEYS.installPromptDismissed, 'true');
          setEvent(null);
        });
      }}
    >
      <Download size={16} aria-hidden /> Install app
    </button>
  );
}
