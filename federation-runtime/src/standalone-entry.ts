// A remote's standalone page (for the team that owns it): its entry in every remote's browser
// build. The async boundary, so shared modules are negotiated before any of them runs.
import('./standalone-bootstrap');
