import { createContext } from 'react';

/**
 * True inside the app's layout (its header, navigation and `main`). A page that can also be shown
 * on its own, such as the beta landing page, leaves out its own header and `main` there, so a
 * reader never meets two headers, two "Sign In" buttons or two `#main` targets.
 */
export const InAppShell = createContext(false);
