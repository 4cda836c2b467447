import { renderStandalone } from '@portfolio/shared/standalone';

void renderStandalone('portfolio', []);
