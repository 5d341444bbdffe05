package main

// buildVersion is the version scripts/build stamps from git
// (-ldflags "-X main.buildVersion=$(git describe --tags --always --dirty)");
// empty in a plain "go build", where version() reads the build's VCS
// revision instead.
var buildVersion string

// programVersion is the version the daemon reports to systemd and in its log.
func programVersion() string {
	if buildVersion != "" {
		return buildVersion
	}
	return version()
}
