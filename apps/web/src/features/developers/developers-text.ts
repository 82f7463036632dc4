import { i18n } from '../../i18n';
import { enDevelopers } from '../../i18n/en-developers';

/** The page's English text, added when its chunk loads (the Spanish is in es.ts, loaded when chosen). */
i18n.addResourceBundle('en', 'translation', { developers: enDevelopers });
