import '@testing-library/jest-dom';
import { cleanupPages } from '@portfolio/testing';

afterEach(() => cleanupPages());
