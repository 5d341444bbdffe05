package testdir

// Free is free, for the package's tests.
var Free = free
