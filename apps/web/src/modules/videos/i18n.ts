import english from '../../i18n/en/videos.json';
import { englishNamespace } from '../../i18n/i18n';

/** The admin video manager's texts (decision 0039). */
export const VIDEOS_NS = englishNamespace('videos', english);
