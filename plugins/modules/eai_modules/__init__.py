"""The paper's four ability modules, a built-in plugin registered as a third party's would be."""
