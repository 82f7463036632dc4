import { i18n } from './index';
import { enPages } from './en-pages';

/**
 * Imported (for this side effect) by every module that shows text of the pages other than the map: adds that
 * English text when the module's chunk loads, so the landing page never downloads it (decision 0020).
 */
i18n.addResourceBundle('en', 'translation', enPages);
