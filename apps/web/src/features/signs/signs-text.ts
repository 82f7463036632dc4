import { i18n } from '../../i18n';
import { enSigns } from '../../i18n/en-signs';

/** The sign pages' English text, added when their chunk loads (the Spanish is in es.ts, loaded when chosen). */
i18n.addResourceBundle('en', 'translation', { signs: enSigns });
