import { i18n } from '../../i18n';
import { enAlerts } from '../../i18n/en-alerts';

/** The alert pages' English text, added when their chunk loads (the Spanish is in es.ts, loaded when chosen). */
i18n.addResourceBundle('en', 'translation', { alerts: enAlerts });
