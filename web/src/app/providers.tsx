import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LocalDataImport } from '../modules/account-sync/local-data-import';
import { AuthProvider } from '../modules/auth/hooks/auth-context';
import { AuthDialogProvider } from '../modules/auth/hooks/auth-dialog-context';
import { ProModeProvider } from '../modules/pro/hooks/pro-context';
import { RegionProvider } from '../modules/region/hooks/region-context';
import { SettingsProvider } from '../modules/settings-loader/hooks/settings-context';
import { ThemeProvider, useTheme } from '../modules/theme/hooks/theme-context';
import { Toaster } from '../ui/toaster';
import { createQueryClient } from './query-client';
import { SessionWatch } from './session-watch';
import { afterLoad } from '../ui/after-load';

// A signed-out shopper's alerts are checked every few minutes: the watch need not be first-screen code.
const LocalAlertWatcher = afterLoad(() =>
  import('../modules/alerts/components/local-alert-watcher').then((m) => m.LocalAlertWatcher),
);

function ThemedToaster() {
  return <Toaster theme={useTheme().resolvedTheme} />;
}

/** Every app-wide provider, outermost first. Screens may use any of their hooks. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ThemeProvider>
          <AuthProvider>
            <SettingsProvider>
              <RegionProvider>
                <ProModeProvider>
                  <AuthDialogProvider>
                    {children}
                    <SessionWatch />
                    <LocalDataImport />
                    <LocalAlertWatcher />
                    <ThemedToaster />
                  </AuthDialogProvider>
                </ProModeProvider>
              </RegionProvider>
            </SettingsProvider>
          </AuthProvider>
        </ThemeProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
