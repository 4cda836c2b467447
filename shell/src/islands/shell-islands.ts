// The shell's own islands, by the names its layout gives them (docs/decisions/148).
import type { IslandRegistry } from '@portfolio/shared/island';
import { Navbar } from '../layout/Navbar/Navbar';

export const shellIslands: IslandRegistry = { Navbar };
