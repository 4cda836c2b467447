import '@testing-library/jest-dom';
import { cleanupPages } from '../testing';

afterEach(() => cleanupPages());
