import { STORAGE_KEYS } from '@pt/domain';

/**
 * §3 local storage keys. The first six are the spec's exact names (persisted in users' browsers:
 * never rename); the others cover what §3 lists without naming, under one prefix of ours.
 */
export const LOCAL_KEYS = {
  ...STORAGE_KEYS,
  proMode: 'pt_pro_mode',
  cookieConsent: 'pt_cookie_consent',
  installPromptDismissed: 'pt_install_prompt_dismissed',
  notificationSettings: 'pt_notification_settings',
  monitoringEvents: 'pt_monitoring_events',
  recentlyViewed: 'pt_recently_viewed',
  compareList: 'pt_compare_list',
  searchHistory: 'pt_search_history',
  filters: 'pt_filters',
  authSession: 'pt_auth_session',
  /** The active list of a signed-in user (the server keeps lists, this browser the choice). */
  activeWishlist: 'pt_active_wishlist',
} as const;
