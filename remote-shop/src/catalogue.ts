// The placeholder store and e-book catalogue (spec: ten products from $39.99 to $199.99, three
// e-books at $19.99, $24.99 and $29.99). Edit this file to change what the store shows. The
// pictures are SVG drawings that the build turns into WebP images (`?picture`, tools/webpack/
// svg-raster.ts): shown as SVG, each would be built on the phone's main thread.
import type { Ebook, StoreProduct } from '@portfolio/shared/types';
import securityKey from './assets/product-security-key.svg?picture';
import privacyScreen from './assets/product-privacy-screen.svg?picture';
import networkTap from './assets/product-network-tap.svg?picture';
import encryptedUsb from './assets/product-encrypted-usb.svg?picture';
import fieldBackpack from './assets/product-field-backpack.svg?picture';
import faradayPouch from './assets/product-faraday-pouch.svg?picture';
import labRouter from './assets/product-lab-router.svg?picture';
import lockPickSet from './assets/product-lock-pick-set.svg?picture';
import codeReviewWorkshop from './assets/product-code-review-workshop.svg?picture';
import irPlaybook from './assets/product-ir-playbook.svg?picture';
import threatModelingCover from './assets/cover-threat-modeling.svg?picture';
import hardeningLinuxCover from './assets/cover-hardening-linux.svg?picture';
import incidentResponseCover from './assets/cover-incident-response.svg?picture';

export const PRODUCTS: readonly StoreProduct[] = [
  { id: 1, name: 'Hardware Security Key', price: '$49.99', image: securityKey },
  { id: 2, name: 'Laptop Privacy Screen', price: '$39.99', image: privacyScreen },
  { id: 3, name: 'Network Tap Kit', price: '$129.99', image: networkTap },
  { id: 4, name: 'Encrypted USB Drive', price: '$79.99', image: encryptedUsb },
  { id: 5, name: 'Pentest Field Backpack', price: '$89.99', image: fieldBackpack },
  { id: 6, name: 'Faraday Pouch Set', price: '$44.99', image: faradayPouch },
  { id: 7, name: 'Home Lab Router', price: '$149.99', image: labRouter },
  { id: 8, name: 'Lock Picking Practice Set', price: '$59.99', image: lockPickSet },
  { id: 9, name: 'Secure Code Review Workshop', price: '$199.99', image: codeReviewWorkshop },
  { id: 10, name: 'Incident Response Playbook Bundle', price: '$99.99', image: irPlaybook },
];

export const EBOOKS: readonly Ebook[] = [
  {
    id: 1,
    title: 'Threat Modeling in Practice',
    description:
      'Find design flaws before attackers do: data-flow diagrams, STRIDE and abuse cases.',
    coverImage: threatModelingCover,
    price: '$19.99',
  },
  {
    id: 2,
    title: 'Hardening Linux Servers',
    description: 'A step-by-step baseline: SSH, users, firewalls, patching, auditing and logging.',
    coverImage: hardeningLinuxCover,
    price: '$24.99',
  },
  {
    id: 3,
    title: 'Incident Response Field Guide',
    description: 'What to do in the first hour, the first day and the first week of a breach.',
    coverImage: incidentResponseCover,
    price: '$29.99',
  },
];
