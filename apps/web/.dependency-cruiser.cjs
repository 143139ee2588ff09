// The rules live in scripts/dependency-cruiser-app.cjs, shared with apps/backoffice.
module.exports = require('../../scripts/dependency-cruiser-app.cjs');
