// The product's version: package.json's, a semantic version (CHANGELOG.md says what each one asks of an operator).
// Shown in GET /api/health, logged at every start, and in the release folder's and the container image's names.
import { version } from '../package.json';

export const APP_VERSION: string = version;
